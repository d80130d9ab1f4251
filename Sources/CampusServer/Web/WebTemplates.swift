/// The web app's Mustache templates, built into the binary (`Web/Templates`, embedded by the
/// package) and parsed once, on first use. Values are HTML-escaped (``WebHTML``, which every
/// template declares on its first line).
enum WebTemplates {
    /// The parsed templates; a template that does not parse fails every page (a test parses them all).
    static let library = Result { () throws(TemplateLibrary.ParseError) in try TemplateLibrary(sources) }

    /// The page `name` rendered with `view`, read by the keys it encodes (``TemplateEncoder``).
    static func render(_ view: some Encodable, _ name: String) throws -> String {
        guard let text = try library.get().render(TemplateEncoder.encode(view), template: name) else { throw MissingTemplate(name: name) }
        return text
    }

    struct MissingTemplate: Error {
        var name: String
    }

    /// Every template by name.
    static let sources: [(String, [UInt8])] = [
        ("layout", PackageResources.layout_mustache),
        ("error", PackageResources.error_mustache),
        ("login", PackageResources.login_mustache),
        ("me", PackageResources.me_mustache),
        ("search", PackageResources.search_mustache),
        ("search_results", PackageResources.search_results_mustache),
        ("person", PackageResources.person_mustache),
        ("schedule", PackageResources.schedule_mustache),
        ("week_grid", PackageResources.week_grid_mustache),
        ("section_list", PackageResources.section_list_mustache),
        ("form_mistake", PackageResources.form_mistake_mustache),
        ("section", PackageResources.section_mustache),
        ("roster", PackageResources.roster_mustache),
        ("room", PackageResources.room_mustache),
        ("free_rooms", PackageResources.free_rooms_mustache),
        ("meet", PackageResources.meet_mustache),
        ("shares", PackageResources.shares_mustache),
        ("record", PackageResources.record_mustache),
        ("devices", PackageResources.devices_mustache),
        ("device", PackageResources.device_mustache),
        ("sharing", PackageResources.sharing_mustache),
        ("alerts", PackageResources.alerts_mustache),
        ("unsubscribe", PackageResources.unsubscribe_mustache),
        ("signed_in", PackageResources.signed_in_mustache),
        ("idp_logout", PackageResources.idp_logout_mustache),
    ]
}
