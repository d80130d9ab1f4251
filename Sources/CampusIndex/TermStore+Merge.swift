import CampusCore
import Foundation
internal import GRDB

extension TermStore {
    /// Merges a partial snapshot (pages imported one by one) into a term, in one transaction.
    ///
    /// Sections are updated the way `TermSnapshot.add(_:)` merges two readings:
    /// the new reading wins, but facts only the stored one has are kept. People are
    /// filled in, never blanked; enrollments are added, and removed only from a section
    /// whose whole roster the snapshot read (``TermSnapshot/rostered``): the roster is who is in it now.
    /// What changed in the sections the term already held goes to the ``ChangeLog``.
    public func merge(_ snapshot: TermSnapshot, now: Date) throws(IndexError) {
        let code = snapshot.term.code
        try database.write("merge pages into term \(code)") { db in
            let writer = TermWriter(db: db, term: code)
            try writer.saveTerm(named: snapshot.term.name, now: now)
            try writer.savePeople(snapshot.people.values)
            let ids = snapshot.sections.keys.map(\.rawValue)
            let reader = IndexReader(db: db, location: database.location)
            let known = try reader.assemble(reader.sectionRecords(ids, term: code.rawValue), term: code.rawValue)
            var merged = TermSnapshot(term: snapshot.term, sections: Dictionary(uniqueKeysWithValues: known.map { ($0.id, $0) }))
            for section in snapshot.sections.values { merged.add(section) }
            let held = Set(known.map(\.id))
            for section in merged.sections.values.sorted(by: { $0.id < $1.id }) {
                try writer.saveSection(section, isNew: !held.contains(section.id))
            }
            let enrolledBefore = try TermReading.enrollments(db, term: code, sections: snapshot.rostered)
            try writer.clearEnrollments(of: snapshot.rostered)
            try writer.addEnrollments(snapshot.enrollments)
            try writer.refreshCounts()
            try InstructorEmails.link(db)
            let enrolledAfter = try TermReading.enrollments(db, term: code, sections: snapshot.rostered)
            let written = try TermReading.sections(db, term: code, ids: known.map(\.id.rawValue), location: database.location)
            let changes = SectionChanges.between(
                before: known, after: written, enrolledBefore: enrolledBefore, enrolledAfter: enrolledAfter, term: code)
            try ChangeLog.record(db, source: .registrar, term: code, changes: changes, now: now)
        }
    }
}
