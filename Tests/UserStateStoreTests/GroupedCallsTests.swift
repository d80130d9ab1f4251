import CampusIndex
import SlapdHarness
import Synchronization
import Testing
@testable import UserStatePostgres

@Suite("Calls of one operation grouped, as a database groups commits")
struct GroupedCallsTests {
    /// A `perform` that answers each input doubled, notes each group it is handed, refuses
    /// any group holding a negative input (as a server refuses bad input), fails any holding 0
    /// as one whose outcome is not known, and holds its first group until `release`.
    final class Doubling: Sendable {
        let groups = Mutex<[[Int]]>([])
        let held = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let holding = Mutex(true)

        func perform(_ inputs: [Int]) async throws(GroupFailure) -> [Int] {
            let first = groups.withLock { groups in
                groups.append(inputs)
                return groups.count == 1
            }
            if first, holding.withLock({ $0 }) { await withCheckedContinuation { continuation in held.withLock { $0 = continuation } } }
            if inputs.contains(where: { $0 < 0 }) { throw GroupFailure(.failed(operation: "double", detail: "a negative input"), eachAlone: true) }
            if inputs.contains(0) { throw GroupFailure(.failed(operation: "double", detail: "no answer in time"), eachAlone: false) }
            return inputs.map { $0 * 2 }
        }

        var isHolding: Bool { held.withLock { $0 != nil } }

        func release() {
            holding.withLock { $0 = false }
            held.withLock { $0?.resume(); $0 = nil }
        }
    }

    /// Each input's answer (nil for an error): `first` called alone and held in its `perform`,
    /// then `others` called while it is held, and all let go once every other call waits.
    private static func answers(first: Int, others: [Int], on calls: GroupedCalls<Int, Int>, _ doubling: Doubling) async throws -> [Int: Int?] {
        try await withThrowingTaskGroup(of: (Int, Int?).self) { group in
            defer { doubling.release() }
            for (index, input) in ([first] + others).enumerated() {
                group.addTask {
                    do throws(UserStateError) {
                        return (input, try await calls.call(input) { inputs throws(GroupFailure) in try await doubling.perform(inputs) })
                    } catch {
                        return (input, nil)
                    }
                }
                if index == 0 { try await eventually("the first call runs") { doubling.isHolding } }
            }
            try await eventually("\(others.count) calls wait") { calls.waiting == others.count }
            doubling.release()
            return try await group.reduce(into: [Int: Int?]()) { $0.updateValue($1.1, forKey: $1.0) }
        }
    }

    @Test("a call made while none runs runs alone; calls made meanwhile wait, then run together, each answered with its own")
    func grouped() async throws {
        let calls = GroupedCalls<Int, Int>()
        let doubling = Doubling()
        let answers = try await Self.answers(first: 1, others: Array(2...9), on: calls, doubling)
        #expect(answers == Dictionary(uniqueKeysWithValues: (1...9).map { ($0, Optional($0 * 2)) }))
        let groups = doubling.groups.withLock { $0 }
        #expect(groups.count == 2 && groups[0] == [1] && Set(groups[1]) == Set(2...9), "\(groups)")
        #expect(calls.waiting == 0)
        #expect(try await calls.call(10) { inputs throws(GroupFailure) in try await doubling.perform(inputs) } == 20, "alone again once none runs")
    }

    @Test("a group that fails runs each of its calls alone: only the call with bad input fails")
    func failedGroup() async throws {
        let calls = GroupedCalls<Int, Int>()
        let doubling = Doubling()
        let answers = try await Self.answers(first: 1, others: [2, -3, 4], on: calls, doubling)
        #expect(answers == [1: 2, 2: 4, -3: nil, 4: 8])
        let groups = doubling.groups.withLock { $0 }
        #expect(groups.count == 5 && Set(groups[1]) == [2, -3, 4] && Set(groups.dropFirst(2)) == [[2], [-3], [4]], "\(groups)")
    }

    @Test("a group whose outcome is not known fails every call in it, and none is run again")
    func unknownOutcome() async throws {
        let calls = GroupedCalls<Int, Int>()
        let doubling = Doubling()
        let answers = try await Self.answers(first: 1, others: [2, 0, 4], on: calls, doubling)
        #expect(answers == [1: 2, 2: nil, 0: nil, 4: nil])
        #expect(doubling.groups.withLock { $0.count } == 2)
    }
}
