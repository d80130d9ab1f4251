import CampusCore

extension ScheduleAnswer {
    /// `campus schedule USER --mailto ADDRESS`: a `mailto:` URI whose subject names
    /// the person and term and whose body is the schedule's ``ScheduleText`` lines.
    public func mailto(to address: String) -> MailtoURI {
        let text = ScheduleText(self)
        return MailtoURI(to: [address], subject: text.subject, body: text.lines)
    }
}
