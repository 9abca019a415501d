import TransitionCoordinator

extension HopFlowTask {
    /// A sign-in retried until it succeeds, on an app of its own: the flow hops to the screen it is
    /// on already after each failed attempt, and each such hop begins a new stay, which unhops
    /// again. Kept as the ended stay, the second attempt would be refused as unhopped already (mutant
    /// ``Mutation/hopAgainKeepsEndedStay``). Nil when the flow ended on its second attempt, else what broke.
    static func retriedHop(environment: StressEnvironment) async -> String? {
        let signIn = Screen("signIn", id: ScreenID("flowSignIn"))
        let launch = WindowContent.hop(HopContainer(id: container, showing: .screen(Screen("start"))))
        guard
            let app = try? await Coordinator(
                root: launch, clock: environment.clock, executor: environment.serialExecutor,
                taskExecutor: environment.taskExecutor)
        else { return "the launch app of its own could not be made" }
        let flow = Task(executorPreference: environment.taskExecutor) { () async -> Result<Int, TransitionError> in
            do throws(TransitionError) {
                for attempt in 1...3 {
                    let signedIn: Bool = try await app.hop(container).hopAndWait(to: signIn)
                    if signedIn { return .success(attempt) }
                }
                return .success(3)
            } catch {
                return .failure(error)
            }
        }
        // Each attempt's unhop, sent until the stay it meets takes it: false, then true.
        for value in [false, true] {
            var unhopped = false, tries = 0
            while !unhopped, tries < 10_000 {
                tries += 1
                do throws(TransitionError) {
                    try await app.hop(container).unhop(signIn.id, with: value)
                    unhopped = true
                } catch {
                    await Task.yield()
                }
            }
            if !unhopped { flow.cancel() }
        }
        switch await flow.value {
        case .success(2): return nil
        case .success(let attempts): return "a sign-in retried once ended after \(attempts) attempts"
        case .failure(let error): return "a flow hopping again to the screen still current failed: \(error)"
        }
    }
}
