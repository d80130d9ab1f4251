import CampusCore
import Foundation

extension CampusService {
    /// `POST /v1/meet`: the overlay of the people (every policy rule of ``overlay(usernames:roster:term:options:as:now:)``,
    /// disclosures recorded) and its best `top` times for a meeting of the options' minimum length,
    /// each with up to `roomsEach` rooms free for the whole meeting.
    public func meet(
        usernames: [String], term: String?, options: OverlayOptions, top: Int, roomsEach: Int, as caller: Caller, now: Date
    ) async throws(CampusError) -> MeetAnswer {
        let overlay = try await overlay(usernames: usernames, roster: nil, term: term, options: options, as: caller, now: now)
        return try campus(for: caller).meetings(in: overlay, minutes: options.minimumMinutes, top: top, roomsEach: roomsEach)
    }

    /// The invitation to the `number`th time of `answer` (from 1), organized by the caller (the
    /// operator's without an organizer when the index does not know them).
    ///
    /// - Throws: ``CampusError/noMeetingTime(_:)`` for a time not in the answer, or a week
    ///   outside the term's days of classes.
    public func invitation(
        _ number: Int, of answer: MeetAnswer, title: String?, as caller: Caller, now: Date
    ) throws(CampusError) -> String {
        let username = try requireMember(caller)
        guard answer.suggestions.indices.contains(number - 1) else {
            let found = answer.suggestions.count
            throw .noMeetingTime(
                found == 0 ? "no time was found to invite to: widen the days or the window, or meet for less time"
                    : "time \(number) was asked for, but \(found == 1 ? "1 time was" : "\(found) times were") found: invite one of 1 to \(found)")
        }
        let organizer = caller.isOperator
            ? (try? campus.contact(of: username))?.card.person
            : try campus.revealing(.person(username)).contact(of: username).card.person
        return try campus(for: caller).invitation(to: answer.suggestions[number - 1], of: answer, organizer: organizer, title: title, now: now)
    }
}
