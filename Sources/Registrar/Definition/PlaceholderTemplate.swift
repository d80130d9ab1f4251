/// A text with `{term}` and `{id}` placeholders, such as `{term}/Course-{id}.html`.
///
/// Renders a lookup into text and reads text back into the term and id it holds.
struct PlaceholderTemplate: Hashable, Sendable {
    enum Piece: Hashable, Sendable {
        case literal(String)
        case term
        case id
    }

    let pieces: [Piece]

    /// Reads a template; `nil` with the problem when a brace is unknown or unclosed.
    static func parse(_ text: String) -> Result<PlaceholderTemplate, TemplateProblem> {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                return .failure(TemplateProblem(message: "'{' without '}' in \"\(text)\""))
            }
            switch rest[rest.index(after: open)..<close] {
            case "term": pieces.append(.term)
            case "id": pieces.append(.id)
            case let other:
                return .failure(TemplateProblem(
                    message: "unknown placeholder {\(other)} in \"\(text)\" (use {term} or {id})"))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return .success(PlaceholderTemplate(pieces: pieces))
    }

    /// How many path components the rendered text has (`{term}/Course-{id}.html` has 2).
    var componentCount: Int {
        1 + pieces.reduce(0) { count, piece in
            if case .literal(let text) = piece { return count + text.filter { $0 == "/" }.count }
            return count
        }
    }

    /// Whether the template uses `placeholder`.
    func uses(_ placeholder: Piece) -> Bool { pieces.contains(placeholder) }

    /// The text with the placeholders filled in.
    func render(term: String, id: String) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .term: term
            case .id: id
            }
        }.joined()
    }

    /// The term and id a rendered text holds; `nil` when the text does not fit the template.
    ///
    /// A placeholder takes the shortest text up to the next literal (the whole rest at the end)
    /// and never spans a `/`.
    func match(_ text: String) -> (term: String?, id: String?)? {
        var term: String?
        var id: String?
        var rest = Substring(text)
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let literal):
                guard rest.hasPrefix(literal) else { return nil }
                rest = rest.dropFirst(literal.count)
            case .term, .id:
                let value: Substring
                if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1] {
                    guard let range = rest.range(of: next) else { return nil }
                    value = rest[..<range.lowerBound]
                } else {
                    value = rest
                }
                guard !value.isEmpty, !value.contains("/") else { return nil }
                if piece == .term { term = String(value) } else { id = String(value) }
                rest = rest[value.endIndex...]
            }
        }
        return rest.isEmpty ? (term, id) : nil
    }
}

/// What is wrong with a template, said in words.
struct TemplateProblem: Error {
    let message: String
}
