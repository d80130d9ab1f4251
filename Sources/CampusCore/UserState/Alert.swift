#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One person's alert about what one or more refreshes changed: queued when a refresh finds
/// changes that concern them, delivered (by e-mail, and to their inbox in the web app) once,
/// with retries while the mail service is down.
public struct Alert: Hashable, Sendable {
    /// Where an alert stands.
    public enum Status: String, Hashable, Sendable {
        /// Waiting to be sent, or to be tried again after a failure.
        case pending
        /// E-mailed, and in the inbox.
        case sent
        /// In the inbox only: the person turned e-mail off, or has no address.
        case kept
        /// Nothing was left to tell once the policy was applied when sending (or the person left).
        case dropped
    }

    public var id: Int64
    public var username: String
    /// The tokens of the refreshes whose changes it tells of (``FoundChanges/token``).
    public var refreshes: [String]
    public var queuedAt: Date
    public var status: Status
    /// Failed attempts so far.
    public var attempts: Int
    /// When it may be tried next (a daily digest's hour, or after a failure).
    public var nextAttemptAt: Date
    /// Why the last attempt failed, or why it was kept or dropped.
    public var note: String?
    /// When it was delivered.
    public var deliveredAt: Date?
    /// As delivered: the subject and one line per change.
    public var subject: String?
    public var lines: [String]
    /// When its person read it in the inbox.
    public var readAt: Date?

    public init(
        id: Int64, username: String, refreshes: [String], queuedAt: Date, status: Status, attempts: Int, nextAttemptAt: Date,
        note: String? = nil, deliveredAt: Date? = nil, subject: String? = nil, lines: [String] = [], readAt: Date? = nil
    ) {
        self.id = id
        self.username = username
        self.refreshes = refreshes
        self.queuedAt = queuedAt
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.note = note
        self.deliveredAt = deliveredAt
        self.subject = subject
        self.lines = lines
        self.readAt = readAt
    }
}

/// An alert to queue: for whom, about which refreshes, and when it is due.
public struct NewAlert: Hashable, Sendable {
    public var username: String
    public var refreshes: [String]
    public var dueAt: Date

    public init(username: String, refreshes: [String], dueAt: Date) {
        self.username = username.lowercased()
        self.refreshes = refreshes.sorted()
        self.dueAt = dueAt
    }

    /// What makes it one alert: the same person and refreshes are never queued twice.
    public var key: String { ([username] + refreshes).joined(separator: " ") }
}

/// Alerts one sender claimed, and the token that proves the claim is theirs: settling or giving
/// them back takes it, so a sender whose claim ran out and was taken over changes nothing.
public struct AlertClaim: Hashable, Sendable {
    public var token: String
    public var alerts: [Alert]

    public init(token: String, alerts: [Alert]) {
        self.token = token
        self.alerts = alerts
    }
}

/// What became of an attempt to deliver alerts.
public enum AlertSettling: Hashable, Sendable {
    case sent(subject: String, lines: [String])
    case kept(subject: String, lines: [String], note: String)
    case dropped(note: String)
    case retry(note: String, at: Date)
}

/// How the queue stands, for `/readyz` and `/metrics`.
public struct AlertQueueState: Hashable, Sendable {
    /// Alerts waiting to be sent, due or not.
    public var pending: Int
    /// Of those, the ones that failed at least once.
    public var failing: Int
    /// Why the latest attempt failed, where one did.
    public var lastFailure: String?

    public init(pending: Int = 0, failing: Int = 0, lastFailure: String? = nil) {
        self.pending = pending
        self.failing = failing
        self.lastFailure = lastFailure
    }
}

/// What a person wants to hear about, and how.
public struct AlertPreferences: Hashable, Sendable, Codable {
    /// E-mail alerts at all (the web app's inbox gets them either way).
    public var email: Bool
    /// One e-mail a day, at the deployment's digest hour, instead of one per refresh.
    public var daily: Bool
    /// Sections followed besides one's own classes.
    public var sections: [FollowedSection]
    /// Rooms followed, in every term, upper-cased (`O169`): sections added to or cancelled in
    /// them, moved into or out of them, or whose time in them changed.
    public var rooms: [String]
    /// People followed, by username, lower-cased: changes to their classes, and their own adds
    /// and drops, heard of only while they show their schedule to the follower (by consent, say).
    public var people: [String]

    public init(email: Bool = true, daily: Bool = false, sections: [FollowedSection] = [], rooms: [String] = [], people: [String] = []) {
        self.email = email
        self.daily = daily
        self.sections = sections
        self.rooms = rooms
        self.people = people
    }

    /// How many sections, rooms and people are followed.
    public var followCount: Int { sections.count + rooms.count + people.count }

    /// Everyone's until they change it: e-mail, as it happens, their own classes.
    public static let standard = AlertPreferences()
}

/// Who follows what of the changes a refresh found: by section, by room, by person followed.
public struct AlertFollowers: Hashable, Sendable {
    public var sections: [FollowedSection: [String]]
    /// By room, upper-cased.
    public var rooms: [String: [String]]
    /// By the person followed, lower-cased.
    public var people: [String: [String]]

    public init(sections: [FollowedSection: [String]] = [:], rooms: [String: [String]] = [:], people: [String: [String]] = [:]) {
        self.sections = sections
        self.rooms = rooms
        self.people = people
    }
}

/// A section someone follows, with its term.
public struct FollowedSection: Hashable, Sendable, Codable {
    public var section: SectionID
    public var term: TermCode

    public init(section: SectionID, term: TermCode) {
        self.section = section
        self.term = term
    }
}
