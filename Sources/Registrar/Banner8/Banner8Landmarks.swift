/// What tells a Banner 8 page's kind, found in one walk of its tree: the first table
/// captioned as the sections table or as a detail table, and the options of the term
/// and subject drop-downs. An XPath query over the whole page for each of them cost a
/// third of reading a term list.
struct Banner8Landmarks {
    /// The first table whose caption reads ``Banner8Labels/sectionsCaption``.
    private(set) var sectionsTable: HTMLNode?
    /// The first table whose caption reads ``Banner8Labels/detailCaption``.
    private(set) var detailTable: HTMLNode?
    /// The options of every drop-down named ``Banner8Labels/termField``, in order.
    private(set) var termOptions: [HTMLNode] = []
    /// The options of every drop-down named ``Banner8Labels/subjectField``, in order.
    private(set) var subjectOptions: [HTMLNode] = []

    init(_ root: HTMLNode, labels: Banner8Labels) {
        visit(root, labels: labels)
    }

    private mutating func visit(_ node: HTMLNode, labels: Banner8Labels) {
        if node.isElement("table") {
            if sectionsTable == nil || detailTable == nil, let caption = node.elementChildren.first(where: { $0.isElement("caption") }) {
                let text = caption.text
                if sectionsTable == nil, text == labels.sectionsCaption { sectionsTable = node }
                if detailTable == nil, text == labels.detailCaption { detailTable = node }
            }
        } else if node.isElement("select") {
            let name = node.attribute("name")
            if name == labels.termField {
                termOptions += node.elementChildren.filter { $0.isElement("option") }
            } else if name == labels.subjectField {
                subjectOptions += node.elementChildren.filter { $0.isElement("option") }
            }
            return
        }
        node.forEachElementChild { visit($0, labels: labels) }
    }
}
