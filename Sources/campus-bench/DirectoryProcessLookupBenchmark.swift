import Foundation

/// The extra lines of goal 3: `campus person USER --json` as a whole process (start-up,
/// index open, lookup, output) against `ldapsearch` of the same user as a whole process
/// (start-up, connect, bind, search, LDIF output), alternating, one user per pair of runs.
struct DirectoryProcessLookupBenchmark {
    struct Result {
        let campus: DirectorySamples
        let ldapsearch: DirectorySamples
    }

    let target: DirectoryTarget
    let campus: DirectoryProcess
    let ldapsearch: DirectoryProcess
    let index: URL
    let usernames: [String]

    func run() throws -> Result {
        var people: [Double] = []
        var searches: [Double] = []
        for username in usernames {
            people.append(try campus.time(target.campusPerson(username, index: index)))
            searches.append(try ldapsearch.time(target.ldapsearch(filter: target.userFilter(username), paged: false)))
        }
        return Result(campus: DirectorySamples(people), ldapsearch: DirectorySamples(searches))
    }
}
