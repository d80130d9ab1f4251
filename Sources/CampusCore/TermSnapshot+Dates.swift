extension TermSnapshot {
    /// The term's days of classes as its meetings' own date ranges span them (Banner
    /// prints one per meeting); `nil` when no meeting has dates (reg-sched.pl pages).
    public var classDates: DateRange? {
        var span: DateRange?
        for section in sections.values {
            for meeting in section.schedule.meetings {
                guard let dates = meeting.dates else { continue }
                span = span.map { $0.spanning(dates) } ?? dates
            }
        }
        return span
    }
}
