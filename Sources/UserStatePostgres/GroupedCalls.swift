import CampusIndex
import Synchronization

/// Calls of one operation grouped, as a database groups commits: a call made while none is
/// running runs at once, alone; calls made while one runs wait for it, and then run
/// together, as one statement (the leading call's `perform` is handed every caller's input,
/// in the order they came, and answers each in that order: every call of one `GroupedCalls`
/// passes the same).
///
/// So under load many requests cost the server one round trip, and when there is no load a
/// call waits for nothing. A call's statement always starts after the call was made: it
/// never borrows an answer read before it (a session ended on another server just before
/// is seen ended).
///
/// A group runs in a task of its own, so a caller that is cancelled (its client gone) does
/// not cancel the others; a waiting call is not taken out of its group. When the server
/// refuses a group's statement (``GroupFailure/eachAlone``), each of its calls runs again
/// alone, so that one call's bad input fails only that call; when the outcome is not known
/// (no answer in time, the connection lost), every call of the group fails with it, and
/// nothing is written twice.
final class GroupedCalls<Input: Sendable, Output: Sendable>: Sendable {
    typealias Perform = @Sendable ([Input]) async throws(GroupFailure) -> [Output]

    private enum Turn: Sendable {
        case answered(Result<Output, UserStateError>)
        case lead
    }

    private struct Waiting: Sendable {
        let input: Input
        let continuation: CheckedContinuation<Turn, Never>
    }

    /// The calls waiting for the running group to end, and whether one runs.
    private let state = Mutex((waiting: [Waiting](), running: false))
    /// The most calls in one group: the statement's arrays stay small whatever the burst.
    static var largestGroup: Int { 256 }

    init() {}

    /// How many calls wait for the running group to end.
    var waiting: Int { state.withLock { $0.waiting.count } }

    /// `input`'s answer, from a group of the calls made while an earlier group ran, or alone.
    func call(_ input: Input, _ perform: @escaping Perform) async throws(UserStateError) -> Output {
        let turn = await withCheckedContinuation { (continuation: CheckedContinuation<Turn, Never>) in
            state.withLock { state in
                if state.running {
                    state.waiting.append(Waiting(input: input, continuation: continuation))
                } else {
                    state.running = true
                    continuation.resume(returning: .lead)
                }
            }
        }
        if case .answered(let result) = turn { return try result.get() }
        // This call leads a group: itself and the calls waiting now (the first of them, past the largest group).
        let others = state.withLock { state in
            let taken = state.waiting.prefix(Self.largestGroup - 1)
            state.waiting.removeFirst(taken.count)
            return Array(taken)
        }
        let inputs = [input] + others.map(\.input)
        let results = await Task { await Self.run(inputs, perform) }.value
        for (other, result) in zip(others, results.dropFirst()) { other.continuation.resume(returning: .answered(result)) }
        // The calls that came meanwhile: the first of them leads the next group.
        state.withLock { state in
            if state.waiting.isEmpty {
                state.running = false
            } else {
                state.waiting.removeFirst().continuation.resume(returning: .lead)
            }
        }
        return try results[0].get()
    }

    /// Each input's answer, one per input: all in one `perform`, or, when the server refused
    /// that, each in one of its own.
    private static func run(_ inputs: [Input], _ perform: @escaping Perform) async -> [Result<Output, UserStateError>] {
        do throws(GroupFailure) {
            return try await answers(inputs, perform).map { .success($0) }
        } catch {
            guard error.eachAlone, inputs.count > 1 else { return inputs.map { _ in .failure(error.error) } }
            return await withTaskGroup(of: (Int, Result<Output, UserStateError>).self) { group in
                for (index, input) in inputs.enumerated() {
                    group.addTask {
                        do throws(GroupFailure) {
                            return (index, .success(try await answers([input], perform)[0]))
                        } catch {
                            return (index, .failure(error.error))
                        }
                    }
                }
                var results = inputs.map { _ in Result<Output, UserStateError>.failure(.failed(operation: "answer", detail: "no answer")) }
                for await (index, result) in group { results[index] = result }
                return results
            }
        }
    }

    /// `perform`'s answers, checked to be one per input.
    private static func answers(_ inputs: [Input], _ perform: Perform) async throws(GroupFailure) -> [Output] {
        let outputs = try await perform(inputs)
        guard outputs.count == inputs.count else {
            throw GroupFailure(.failed(operation: "answer a group of calls", detail: "\(outputs.count) answers for \(inputs.count) calls"), eachAlone: false)
        }
        return outputs
    }
}

/// Why a group of calls failed, and whether its calls may be tried again one by one.
struct GroupFailure: Error {
    let error: UserStateError
    /// The server refused the statement and undid it (its input, not the server's state, may
    /// be at fault): each call may run again alone. False when the outcome is not known.
    let eachAlone: Bool

    init(_ error: UserStateError, eachAlone: Bool) {
        self.error = error
        self.eachAlone = eachAlone
    }
}
