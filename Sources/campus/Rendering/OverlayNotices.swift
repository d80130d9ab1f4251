import CampusLookup

/// What an overlay says on standard error beside its answer: favorites left out because the
/// index does not know them, and members counted as free all week (no classes in the term, or
/// a calendar file with no event repeating in its days of classes).
struct OverlayNotices {
    let answer: OverlayAnswer

    func print() {
        for username in answer.leftOut {
            printError("campus: warning: \(username), in a favorites group, is not in the index; left out.")
        }
        for member in answer.notEnrolled {
            let lacking = member.hasPrefix("busy:") ? "no event repeating in the days of" : "no classes in"
            printError("campus: warning: \(member) has \(lacking) \(answer.term.name) (\(answer.term.code)); counted as free.")
        }
    }
}
