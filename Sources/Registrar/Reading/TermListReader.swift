import CampusCore

/// Reads the search form: the `termcode` drop-down (every term offered) and
/// the department drop-down (the subjects to search).
struct TermListReader {
    let definition: RegistrarDefinition

    /// The terms of the `termcode` options; an option whose value is not a term code is a warning.
    func terms(_ options: [HTMLNode], warnings: inout [ScrapeWarning], source: String) -> [Term] {
        var terms: [Term] = []
        for option in options {
            let label = option.text
            let value = option.attribute("value").map { PageText.normalise(Array($0.utf8)) } ?? label
            guard let code = TermCode(value) else {
                warnings.append(ScrapeWarning(source: source, message: "term option '\(label)' has no term code ('\(value)'); skipped"))
                continue
            }
            let name = PageText.nonEmpty(label) ?? definition.termScheme.name(of: code) ?? code.rawValue
            if !terms.contains(where: { $0.code == code }) { terms.append(Term(code: code, name: name)) }
        }
        return terms
    }

    /// The subject codes of the department options, without the empty "all" option.
    func subjects(_ options: [HTMLNode]) -> [String] {
        var subjects: [String] = []
        for option in options {
            let value = PageText.normalise(Array((option.attribute("value") ?? option.text).utf8))
            if !value.isEmpty, !subjects.contains(value) { subjects.append(value) }
        }
        return subjects
    }
}
