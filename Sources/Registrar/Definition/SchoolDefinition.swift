import CampusCore
import Foundation

/// A school's definition file (`scrapers/*.yaml`), of any family: the family it names,
/// its particulars, and the reader of its pages.
///
/// ```swift
/// let school = try SchoolDefinition.load(contentsOf: URL(filePath: "scrapers/thompson-rivers.yaml"))
/// let page = try school.reader.read(bytes, source: "tru-201820-COMP.json")
/// ```
public struct SchoolDefinition: Sendable {
    public let family: RegistrarFamily
    /// The name shown to people.
    public let name: String
    /// The campus time zone (an IANA name).
    public let timeZone: String
    /// Reads the family's pages and answers.
    public let reader: PageReader
    /// The whole layout of a reg-sched.pl registrar; `nil` for the Banner families, whose
    /// layout is their code.
    public let regSched: RegistrarDefinition?

    /// Loads and checks a definition file of any family.
    ///
    /// - Throws: ``DefinitionError`` naming the file and the key or line.
    public static func load(contentsOf url: URL) throws(DefinitionError) -> SchoolDefinition {
        try parse(try DefinitionSource.text(of: url), file: url.path)
    }

    static func parse(_ text: String, file: String) throws(DefinitionError) -> SchoolDefinition {
        let source = try DefinitionSource(text, file: file)
        switch try source.family() {
        case .regSched:
            let definition = try RegistrarDefinition.parse(text, file: file)
            return SchoolDefinition(
                family: .regSched, name: definition.name, timeZone: definition.calendar.timeZone.name,
                reader: PageReader(definition: definition), regSched: definition)
        case .banner8, .banner9:
            return try BannerDefinitionCompiler(source: source).compile(try source.decode(BannerDefinitionFile.self))
        }
    }
}

/// Checks a Banner definition file and makes its ``SchoolDefinition``.
struct BannerDefinitionCompiler {
    let source: DefinitionSource

    func compile(_ raw: BannerDefinitionFile) throws(DefinitionError) -> SchoolDefinition {
        guard TimeZone(identifier: raw.timeZone) != nil else {
            throw invalid("timeZone", "'\(raw.timeZone)' is not an IANA time zone such as America/Vancouver")
        }
        guard raw.path.hasPrefix("/") else { throw invalid("path", "'\(raw.path)' must start with /") }
        let reader: PageReader
        switch raw.family {
        case .banner8:
            reader = .banner8(labels: try labels(raw.labels ?? [:]))
        default:
            if raw.labels != nil { throw invalid("labels", "Banner 9 answers are JSON: they have no labels to spell") }
            reader = .banner9
        }
        return SchoolDefinition(family: raw.family, name: raw.name, timeZone: raw.timeZone, reader: reader, regSched: nil)
    }

    private func labels(_ raw: [String: String]) throws(DefinitionError) -> Banner8Labels {
        var labels = Banner8Labels()
        for (name, spelling) in raw.sorted(by: { $0.key < $1.key }) {
            guard let path = Banner8Labels.named[name] else {
                throw .unknownKey(file: source.file, key: "labels.\(name)", line: source.line(of: "labels.\(name)") ?? 0)
            }
            guard !spelling.trimmingCharacters(in: .whitespaces).isEmpty else { throw invalid("labels.\(name)", "give the text the pages print") }
            labels[keyPath: path] = spelling
        }
        return labels
    }

    private func invalid(_ key: String, _ problem: String) -> DefinitionError {
        .invalidValue(file: source.file, key: key, problem: problem)
    }
}
