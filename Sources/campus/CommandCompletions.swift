import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// What the shell offers on Tab for a username or a section: matches of what is typed so far,
/// from the campus server logged in to (with that person's rights) or, with `--index`, from the
/// local index; nothing when neither answers.
enum CommandCompletions {
    /// Usernames of the people whose name or username matches what is typed.
    static let usernames = CompletionKind.custom { words, _, prefix in await candidates(prefix, of: .person, words: words) }
    /// Section ids (`CSSE474-02`) matching what is typed.
    static let sections = CompletionKind.custom { words, _, prefix in await candidates(prefix, of: .section, words: words) }

    /// The most candidates offered.
    static let limit = 30

    static func candidates(_ prefix: String, of kind: SearchHitKind, words: [String]) async -> [String] {
        let typed = prefix.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty, !typed.hasPrefix("@"), !typed.hasPrefix("-"),
              let options = try? GlobalOptions.parse(sourceOptions(in: words) + ["--no-cache"]),
              let source = try? options.source()
        else { return [] }
        let hits: [SearchHit]
        switch source {
        case .index(let door):
            guard let answer = try? door.search(typed, kinds: [kind], term: nil, limit: limit, department: nil, affiliation: nil, as: .operator(), now: Date())
            else { return [] }
            hits = answer.answer.hits
        case .server(let server):
            guard let answer = try? await server.search(typed, term: nil, limit: limit, department: nil, affiliation: nil) else { return [] }
            hits = answer.answer.hits
        }
        var seen: Set<String> = []
        return hits.compactMap { hit -> String? in
            switch (hit, kind) {
            case (.person(let person, _), .person): person.username
            case (.section(let section, _), .section): section.id.rawValue
            default: nil
            }
        }.filter { seen.insert($0).inserted }
    }

    /// The words naming where lookups are answered (`--index PATH`, `--server URL`, and their `=` forms).
    static func sourceOptions(in words: [String]) -> [String] {
        var chosen: [String] = []
        for (position, word) in words.enumerated() {
            if ["--index", "--server"].contains(word), position + 1 < words.count {
                chosen += [word, words[position + 1]]
            } else if word.hasPrefix("--index=") || word.hasPrefix("--server=") {
                chosen.append(word)
            }
        }
        return chosen
    }
}
