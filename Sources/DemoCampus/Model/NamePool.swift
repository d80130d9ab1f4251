/// Synthetic first and last names; any resemblance to a real person is chance.
enum NamePool {
    static let first: [String] = """
        Alex Casey Quinn Reese Devon Rowan Hayden Parris Marlow Lennox Arden Briar Tatum Nico Remy Indra \
        Hollis Jad Nessa Quill Soren Ulric Vada Robin Jordan Riley Sage Sutton Emerson Isolde Bodhi Galen \
        Phoenix Skyler Harper Perrin Avery Blake Cameron Dakota Elliot Finley Gray Harlow Jesse Kendall \
        Logan Morgan Noel Oakley Peyton Reagan Sawyer Taylor Val Wren Ximena Yael Zion Adair Bellamy Corin \
        Darcy Ellis Fallon Greer Ira Jules Kit Lane Milo Nova Onyx Pax Rory Shay Tove Umber Vesper Wynn \
        Yuki Zephyr Ash Brook Cove Dell Eden Fern Gale Iris June Kai Lark Moss
        """.split(separator: " ").map(String.init)

    static let last: [String] = """
        Quinn Ashby Holt Keene Lowery Pruitt Whitlock Zane Abbott Crane Darrow Granger Jukes Pennington \
        Quigley Sefton Conway Elwood Joffrey Merrow Paxton Renton Strand Vale Mercer Doyle Janssen Hale \
        Okafor Dunmore Tindall Brandt Sterling Quint Nash Lansing Frost Fenwick Ellison Thorne Faulk Eaton \
        Ormsby Alder Barlow Calloway Dresden Everly Fairbanks Garland Hartley Ingram Jennings Kessler \
        Langley Marsh Norwood Oakes Prescott Radcliffe Sommers Thatcher Upton Vickers Wexley Yardley \
        Ambrose Bellweather Carver Delaney Emerson Forsythe Gallagher Holloway Iverson Jarvis Kincaid \
        Lockhart Montague Nightingale Osgood Pemberton Rutherford Salazar Trevino Underhill Vance Whitaker \
        Aldridge Bishop Cromwell Dunbar Eastwood Fielding Goodwin Hargrove Ives Kendrick Lindqvist Maddox \
        Nakamura Oyelaran Patel Ramirez Santos Tanaka Ulloa Vasquez Winslow Xu Yamada Zhou
        """.split(separator: " ").map(String.init)
}

/// Hands out registrar-style usernames: up to six letters of the last name and
/// the first initial (`Alex Quinn` is `quinna`), a digit appended when taken (`quinna1`).
struct UsernameBook {
    private var taken: Set<String> = ["tba"]

    /// Reserves a fixed username (the documented demo people); false when it was taken.
    mutating func reserve(_ username: String) -> Bool {
        taken.insert(username).inserted
    }

    /// The next free username for a person.
    mutating func username(first: String, last: String) -> String {
        let base = (String(last.lowercased().filter(\.isLetter).prefix(6)) + String(first.lowercased().prefix(1)))
        var candidate = base
        var suffix = 1
        while !taken.insert(candidate).inserted {
            candidate = "\(base)\(suffix)"
            suffix += 1
        }
        return candidate
    }
}
