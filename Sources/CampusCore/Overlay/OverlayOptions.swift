/// What an overlay looks for: which days, which part of each day, how long a slot must be,
/// and how many people it accepts.
public struct OverlayOptions: Hashable, Sendable {
    /// The days looked at, in week order.
    public var days: [Weekday]
    /// The part of each day looked at.
    public var window: DailyWindow
    /// The shortest slot worth reporting, in minutes.
    public var minimumMinutes: Int
    /// The most people one overlay takes.
    public var maximumMembers: Int
    /// The Monday of the one week looked at, when one is: sections with term dates then count
    /// only on the days they run. `nil`: every week of the term.
    public var week: CalendarDate?

    /// The registrar's week: Monday to Friday.
    public static let registrarWeek: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
    /// One class hour: 50 minutes.
    public static let classHour = 50
    /// The default limit on people: 500, enough for a whole course roster.
    public static let defaultMaximumMembers = 500

    /// Options with the registrar's defaults: Monday to Friday, 8:00-17:00, one class hour, 500 people, every week.
    ///
    /// - Parameter week: any date of the one week to look at.
    public init(
        days: [Weekday] = registrarWeek, window: DailyWindow = .registrarDay,
        minimumMinutes: Int = classHour, maximumMembers: Int = defaultMaximumMembers, week: CalendarDate? = nil
    ) {
        self.week = week.map { $0.adding(days: 1 - $0.weekday.rawValue) }
        self.days = Array(Set(days)).sorted()
        self.window = window
        self.minimumMinutes = minimumMinutes
        self.maximumMembers = maximumMembers
    }

    /// Throws unless these options can give an answer for `memberCount` people.
    public func check(memberCount: Int) throws(OverlayError) {
        guard memberCount > 0 else { throw .noMembers }
        guard memberCount <= maximumMembers else { throw .tooManyMembers(count: memberCount, limit: maximumMembers) }
        guard !days.isEmpty else { throw .noDays }
        guard minimumMinutes > 0 else { throw .badMinimum(minimumMinutes) }
    }
}
