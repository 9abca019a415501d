import Testing
import TransitionCoordinator

@testable import StressBench

/// The contract floor must keep the guarantees it claims to price, and each floor that leaves a
/// step out must leave out that step: otherwise its rows in `stress bench --only contract` lie.
@Suite("Contract floor")
struct ContractFloorTests {
    typealias Floor = ContractFloor.Floor

    @Test("the floor refuses a request from inside a transition's scope; the floor without the chain admits it")
    func reentrancy() async throws {
        let full = Floor<ContractFloor.Nothing>(host: NoopHost())
        let leaky = Floor<ContractFloor.Reentrancy>(host: NoopHost())
        let refused: Bool = await ContractFloor.Scope.$chain.withValue([7]) {
            do {
                _ = try await full.push(at: 10)
                return false
            } catch { return error as? ContractFloor.Refusal == .reentrant }
        }
        #expect(refused)
        let admitted = try await ContractFloor.Scope.$chain.withValue([7]) { try await leaky.push(at: 10) }
        #expect(admitted.after.count == 1)
    }

    @Test("the floor refuses a cancelled request; the floor without the check admits it")
    func cancellation() async throws {
        let full = Floor<ContractFloor.Nothing>(host: NoopHost())
        let leaky = Floor<ContractFloor.Cancellation>(host: NoopHost())
        let (refused, admitted) = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let refused: Bool
            do {
                _ = try await full.push(at: 10)
                refused = false
            } catch { refused = error as? ContractFloor.Refusal == .cancelled }
            let admitted = (try? await leaky.push(at: 10)) != nil
            return (refused, admitted)
        }.value
        #expect(refused)
        #expect(admitted)
    }

    @Test("each ablation leaves out exactly one step, and the last leaves out every one")
    func ablations() {
        let steps = ContractFloor.ablations.map(\.steps)
        #expect(Array(steps.dropLast()) == ContractFloor.Steps.allCases)
        #expect(steps.last == .all)
        #expect(Set(ContractFloor.Steps.allCases.map(\.rawValue)).count == ContractFloor.Steps.allCases.count)
    }

    @Test("a push then a pop, each animated, chain their states and keep the clock's order")
    func animated() async throws {
        let floor = Floor<ContractFloor.Nothing>(host: NoopHost())
        let pushed = try await floor.push(at: 10, animator: ContractFloor.Animator(), timeout: .seconds(30))
        let popped = try await floor.pop(animator: ContractFloor.Animator(), timeout: .seconds(30))
        #expect(pushed.after.map(\.id) == [pushed.id])
        #expect(popped.before.map(\.id) == [pushed.id] && popped.after.isEmpty)
        #expect(pushed.admittedAt <= pushed.committedAt && pushed.committedAt <= popped.admittedAt)
    }

    @Test("the settle resumes a wait that comes after its end, and ignores a second end")
    func settle() async {
        let settle = ContractFloor.Settle()
        settle.end()
        settle.end()
        await settle.wait()
    }
}
