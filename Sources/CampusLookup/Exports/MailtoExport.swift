import CampusCore

extension CampusContext {
    /// `campus schedule USER --mailto ADDRESS`: a `mailto:` URI whose subject names
    /// the person and term and whose body is the schedule's ``ScheduleText`` lines.
    public func scheduleMailto(_ answer: ScheduleAnswer, to address: String) -> MailtoURI {
        let text = ScheduleText(answer)
        return MailtoURI(to: [address], subject: text.subject, body: text.lines)
    }

    /// `campus email USER`: the person's `mailto:` URI.
    ///
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` for an unknown person,
    ///   ``CampusError/noEmail(username:)`` when the index has no address for them.
    public func emailURI(of username: String) throws(CampusError) -> MailtoURI {
        let person = try contact(of: username).card.person
        guard let email = person.email, !email.isEmpty else { throw .noEmail(username: person.username) }
        return MailtoURI(to: [email])
    }
}
