import CampusCore
import Foundation

/// Banner's credit fields as a section's whole credits and, where a whole number cannot
/// say them, its ``CreditRange``.
///
/// Banner 9 sends `creditHours` (the section's own), or `creditHourLow` with
/// `creditHourHigh` joined by `creditHourIndicator` (`OR`, `TO`); Banner 8 prints
/// `3.000 Credits` or `1.000 TO 3.000 Credits`.
struct BannerCredits {
    /// The section's credits when they are one whole number.
    var whole: Int?
    /// A choice, a range or a fraction.
    var range: CreditRange?

    init(hours: Double?, low: Double?, high: Double?, indicator: String?) {
        let joiner = indicator.flatMap { CreditRange.Joiner(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased()) }
        func credible(_ amount: Double?) -> Double? { amount.flatMap { $0.isFinite && $0 >= 0 && $0 < 1_000 ? $0 : nil } }
        let hours = credible(hours), low = credible(low), high = credible(high)
        if let low, let high, let joiner, high != low {
            range = CreditRange(low: low, high: high, joiner: joiner)
        }
        guard let amount = hours ?? (range == nil ? low : nil) else { return }
        if amount == amount.rounded() {
            whole = Int(amount)
        } else if range == nil {
            range = CreditRange(low: amount)
        }
    }
}
