/// A view as a template reads it (``TemplateEncoder``): text (strings and numbers), a boolean,
/// an object of named members, a list, or the null of an optional that is `nil`.
///
/// Only an object has members. Inside the section of anything else a name is looked for
/// further up the context; a null is found, so it stops that look (a favorite with no class
/// now never shows the page's own `now`), and renders as nothing.
enum TemplateValue {
    case text(String)
    case flag(Bool)
    case object(TemplateObject)
    case list(TemplateList)
    case null

    /// The member `name` of an object; `nil` for anything else, which has no members.
    func member(_ name: String) -> TemplateValue? {
        if case .object(let object) = self { object.members[name] } else { nil }
    }
}

/// A keyed value of a view: its members by name, filled once, as the view is encoded.
final class TemplateObject {
    var members: [String: TemplateValue] = [:]
}

/// A list of a view, for a section to repeat: filled once, as the view is encoded.
final class TemplateList {
    var elements: [TemplateValue] = []
}
