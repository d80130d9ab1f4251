import CampusCore

extension CampusDescription {
    /// This description with the days of classes of a registrar that names its own terms
    /// (Banner) filled in from what was read: each term's meetings' date ranges, widened by
    /// the days `kept` (the description the index held) gave the same term. A term the
    /// definition's `calendar:` dates keeps those dates; a reg-sched.pl description is returned as it is.
    func dating(_ snapshots: [TermSnapshot], kept: CampusDescription?) -> CampusDescription {
        guard termScheme.namesTermsItself else { return self }
        var dated = self
        if let kept, kept.termScheme.namesTermsItself {
            dated.calendar.terms.merge(kept.calendar.terms) { defined, _ in defined }
        }
        for snapshot in snapshots {
            guard calendar.terms[snapshot.term.code] == nil, let read = snapshot.classDates else { continue }
            let known = dated.calendar.terms[snapshot.term.code]?.classes
            dated.calendar.terms[snapshot.term.code] = TermCalendar(classes: known.map { $0.spanning(read) } ?? read)
        }
        return dated
    }
}
