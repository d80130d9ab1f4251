import CampusCore
import Foundation

/// A username a campus gives again (``DirectoryStanding/arrivedAt``) keeps the registrar's rows
/// of whoever held it before: their enrollments and teaching, their registrar record, the
/// advisees the registrar names them for. None of it is the new holder's. Their classes are
/// only those of terms after the one under way when they came (an ended term re-crawled later
/// is still the one before's), and never a row the username held when it changed hands
/// (``HandedOverRows``: a later term the one before had registered for); their record is only
/// such a term's reading of them; an advisor the registrar alone names is not them.
extension IndexReader {
    /// Whether the classes of `term` under `username` can be its present holder's: a term after
    /// the one they came in, whose reading of the username is not of a Banner ID the one before
    /// held (their registration for a term to come, crawled after the username changed hands).
    public func holds(_ username: String, term: TermCode) throws -> Bool {
        let arrival = try arrivalTerm(username)
        guard term.rawValue > arrival else { return false }
        guard !arrival.isEmpty else { return true }
        return try cached(.heldTerm(term: term.rawValue, username: IndexCache.key(username))) {
            try row(Self.readsOneBeforeSQL, [.text(username), .text(term.rawValue)]) { _ in false } ?? true
        }
    }

    private static let readsOneBeforeSQL = """
        SELECT 1 FROM term_people JOIN handed_over_ids
            ON handed_over_ids.username = term_people.username AND handed_over_ids.banner_id = json_extract(term_people.person, '$.bannerID')
        WHERE term_people.username = ? AND term_people.term = ? LIMIT 1
        """

    /// Whether the row of `username` in `section` of `term` can be its present holder's: a term
    /// they hold (``holds(_:term:)``), not a row the username held when it changed hands, nor a
    /// row the registrar gave a Banner ID of the one before.
    public func holds(_ username: String, term: TermCode, section: SectionID) throws -> Bool {
        guard try holds(username, term: term) else { return false }
        guard try changedHands(username) else { return true }
        return try row(Self.handedOverSQL, [.text(username), .text(term.rawValue), .text(section.rawValue)]) { _ in false } ?? true
    }

    private static let handedOverSQL = """
        SELECT 1 FROM handed_over_rows WHERE username = ?1 AND term = ?2 AND section = ?3
        UNION ALL
        SELECT 1 FROM enrollments JOIN handed_over_ids
            ON handed_over_ids.username = enrollments.username AND handed_over_ids.banner_id = enrollments.banner_id
        WHERE enrollments.username = ?1 AND enrollments.term = ?2 AND enrollments.section = ?3
        LIMIT 1
        """

    /// Whether `username` changed hands: a sync read its present holder after someone else had held it.
    func changedHands(_ username: String) throws -> Bool {
        try !arrivalTerm(username).isEmpty
    }

    /// The term under way (or the last ended, between terms) when `username`'s present holder
    /// came: their classes are in later terms. Empty when no one held the username before; `~`,
    /// after every code, when the index keeps no term clock to tell (kept: ``IndexCache``).
    func arrivalTerm(_ username: String) throws -> String {
        try cached(.arrivalTerm(IndexCache.key(username))) {
            guard let arrived = try standing(of: username).arrivedAt else { return "" }
            let seconds = Int64(arrived.timeIntervalSince1970.rounded(.down))
            return try termClock()?.resolve(.current, secondsSince1970: seconds)?.rawValue ?? "~"
        }
    }

    /// The registrar's record of `username` as far as it can be its present holder's: as read
    /// when no one held the username before; for a username given again, the reading of the
    /// newest term they hold classes in, and none before there is one.
    func holdersRecord(_ username: String, _ record: Person?) throws -> Person? {
        guard record != nil, try changedHands(username) else { return record }
        guard let term = try termCodes(of: username).first else { return nil }
        return try termPart(of: username, term: term, teachingOnly: false).person
    }

    /// `person` without an advisor only the registrar names (`directory` names none) whose
    /// username changed hands since: the directory names advisors as they are now.
    func withoutFormerAdvisor(_ person: Person, directory: DirectoryPerson?) throws -> Person {
        guard directory?.advisorUsername == nil, let advisor = person.advisorUsername, try changedHands(advisor) else { return person }
        var person = person
        person.advisorUsername = nil
        person.advisorName = nil
        return person
    }

    /// Whether `username`, named as someone's advisor by the registrar, can be its present holder.
    func advisesAsNamed(_ username: String) throws -> Bool {
        try !changedHands(username)
    }
}
