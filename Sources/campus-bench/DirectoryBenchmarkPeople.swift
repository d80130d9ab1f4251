import CampusCore
import DemoCampus
import Directory
import Foundation

/// The generated directory: its LDIF file, and the people in it as the profile reads them.
struct DirectoryBenchmarkPeople {
    /// The LDIF file slapd is loaded with.
    let file: URL
    /// Its size in bytes.
    let bytes: Int
    /// Entries the profile maps to people, suppressed ones included: what a full sync stages.
    let count: Int
    /// Those the directory does not suppress (FERPA): the ones `campus person` shows.
    let visible: [DirectoryPerson]

    /// Writes `DirectoryFixture.scale(people:seed:)` to `folder`, then reads it back with the profile.
    static func generate(people: Int, seed: UInt64, profile: DirectoryProfile, into folder: URL) throws -> Self {
        let file = folder.appendingPathComponent("people.ldif")
        try Data(DirectoryFixture.scale(people: people, seed: seed).utf8).write(to: file)
        var mapped: [DirectoryPerson] = []
        try LDIFReader.forEachEntry(inFile: file.path) { entry in
            guard var person = profile.person(from: entry) else { return }
            person.photo = nil  // only names and DNs are needed; 50,000 photos are not
            mapped.append(person)
        }
        let bytes = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        return Self(file: file, bytes: bytes, count: mapped.count, visible: mapped.filter { !$0.suppressed })
    }

    /// `count` distinct visible people, drawn with a fixed seed so every run picks the same.
    func sample(_ count: Int, seed: UInt64) -> [DirectoryPerson] {
        var generator = SplitMix(seed: seed)
        var pool = visible
        let wanted = min(count, pool.count)
        for index in 0..<wanted {
            let pick = index + Int(generator.next() % UInt64(pool.count - index))
            pool.swapAt(index, pick)
        }
        return Array(pool.prefix(wanted))
    }
}
