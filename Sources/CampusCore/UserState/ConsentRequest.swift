#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One person asking another to share their schedule with them. Accepting it gives a
/// ``Consent`` to the sender; declining or ignoring it shows nothing to the sender.
public struct ConsentRequest: Hashable, Sendable {
    /// What became of a request.
    public enum Answer: String, Hashable, Sendable {
        case pending, accepted, declined
    }

    /// A short public id to answer it by.
    public var id: String
    /// Who asks, lower-cased.
    public var sender: String
    /// Who is asked, lower-cased.
    public var recipient: String
    /// In the sender's words, as a consent's purpose.
    public var purpose: String
    public var sentAt: Date
    public var answer: Answer
    public var answeredAt: Date?

    public init(id: String, sender: String, recipient: String, purpose: String, sentAt: Date, answer: Answer = .pending, answeredAt: Date? = nil) {
        self.id = id
        self.sender = sender.lowercased()
        self.recipient = recipient.lowercased()
        self.purpose = purpose
        self.sentAt = sentAt
        self.answer = answer
        self.answeredAt = answeredAt
    }
}

/// What sending a request did.
public enum RequestSending: Sendable, Equatable {
    case sent
    /// The sender asked this person already, and they have not accepted.
    case askedAlready
    /// The sender sent as many requests in the last day as they may; they may send another
    /// `until` then (when enough of those are a day old).
    case tooMany(until: Date)

    /// When a sender who sent `sent` (oldest first, all within the last day, at least
    /// `perDay` of them) may send again: when all but `perDay - 1` of them are a day old.
    public static func nextSlot(_ sent: [Date], perDay: Int) -> Date {
        sent[max(0, min(sent.count - 1, sent.count - perDay))].addingTimeInterval(86_400)
    }
}

/// What answering a request did.
public enum RequestAnswering: Sendable, Equatable {
    /// Answered now; with the consent given when accepted.
    case answered(Consent?)
    /// Answered before.
    case answeredAlready
    /// Accepting would give its recipient more consents than they may hold.
    case tooMany
    /// The recipient has no such request.
    case none
}
