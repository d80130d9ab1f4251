import CampusCore

/// Banner names cross-listing by a group code on each section (`crossList: "DR"`); the
/// sections sharing a code are cross-listed with one another.
enum BannerCrossLists {
    /// `sections` with ``Section/crossListedWith`` filled from their groups, in order.
    static func linking(_ sections: [Section]) -> [Section] {
        var groups: [String: [SectionID]] = [:]
        for section in sections { if let group = section.crossListGroup { groups[group, default: []].append(section.id) } }
        return sections.map { section in
            var linked = section
            if let group = section.crossListGroup {
                let others = (groups[group] ?? []).filter { $0 != section.id }
                linked.crossListedWith = (section.crossListedWith + others).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            }
            return linked
        }
    }
}
