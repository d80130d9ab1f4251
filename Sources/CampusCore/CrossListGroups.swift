extension Array where Element == Section {
    /// These sections with ``Section/crossListedWith`` filled from their cross-list groups
    /// (Banner's `crossList: "AB"`): sections sharing a group are cross-listed with each
    /// other, in id order, after any cross-listing already known. Order is kept.
    public func linkingCrossListGroups() -> [Section] {
        var groups: [String: [SectionID]] = [:]
        for section in self { if let group = section.crossListGroup { groups[group, default: []].append(section.id) } }
        return map { section in
            guard let group = section.crossListGroup, let members = groups[group], members.count > 1 else { return section }
            var linked = section
            let others = members.filter { $0 != section.id }.sorted()
            linked.crossListedWith += others.filter { !section.crossListedWith.contains($0) }
            return linked
        }
    }
}
