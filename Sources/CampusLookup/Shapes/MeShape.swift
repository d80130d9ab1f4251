import CampusCore

/// `GET /v1/me`: my card, this term's classes, today's, and where to be now or next.
///
/// ```json
/// {"card": {...contact card}, "roles": [], "term": {"code": "202630", "name": "Spring 2025-2026"},
///  "sections": [{"role": "student", ...section}], "today": ["CSSE474-02"],
///  "now": {"section": "CSSE474-02", "room": "O159", "until": "09:50"}, "next": null}
/// ```
public struct MeShape: Encodable, Sendable {
    public var card: ContactShape
    public var roles: [String]
    @Nullable public var term: TermShape?
    public var sections: [Annotated<SectionShape>]
    /// The ids of the sections meeting today, in order.
    public var today: [String]
    @Nullable public var now: FavoriteShape.Now?
    @Nullable public var next: FavoriteShape.Next?
    /// Why no class of the term meets today (`a break (2026-04-03 to 2026-04-06)`); `null` on a day of classes.
    @Nullable public var noClassesToday: String?

    public init(_ answer: MeAnswer) {
        card = ContactShape(answer.contact)
        roles = answer.roles.sorted()
        term = answer.schedule.map { TermShape($0.term) }
        sections = (answer.schedule?.sections ?? []).map(Annotated.init)
        today = answer.today.map(\.section.id.rawValue)
        (now, next) = FavoriteShape.whereabouts(answer.whereabouts)
        noClassesToday = answer.noClassesToday?.description
    }
}
