/// What the inbox's mutant needs beyond one expression: a delivery that holds the inbox weakly
/// (``Mutation/releasedInboxLosesLink``). Reached only where ``planted(_:)`` says it is on, so a
/// build without `TC_MUTANTS` optimizes it away.
extension LinkInbox {
    /// The ``Mutation/releasedInboxLosesLink`` mutant: `link`'s answer is dropped once the app lets the inbox go.
    func deliveryHoldingWeakly(_ link: InboxMachine.Link) -> Task<Void, Never> {
        let coordinator = coordinator
        return Task(executorPreference: coordinator.taskExecutor) { [weak self] in
            let answer = await Self.answer(to: link, from: coordinator, inbox: self)
            await self?.answered(link.id, answer)
        }
    }
}
