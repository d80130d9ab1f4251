/// An answer the API gives a page at a time (`next` names the following page): the command
/// line reads every page into one, as a local index answers it whole.
protocol PagedShape: Decodable {
    /// The cursor of the following page; `nil` on the last.
    var next: String? { get set }
    /// Adds `page`'s items after these, taking its `next`.
    mutating func append(_ page: Self)
}

extension CourseShape: PagedShape {
    mutating func append(_ page: CourseShape) {
        sections += page.sections
        next = page.next
    }
}

extension RosterShape: PagedShape {
    mutating func append(_ page: RosterShape) {
        students += page.students
        next = page.next
    }
}

extension SearchShape: PagedShape {
    mutating func append(_ page: SearchShape) {
        matches += page.matches
        next = page.next
    }
}

extension FreeRoomsShape: PagedShape {
    mutating func append(_ page: FreeRoomsShape) {
        rooms += page.rooms
        next = page.next
    }
}

extension FavoritesShape: PagedShape {
    mutating func append(_ page: FavoritesShape) {
        favorites += page.favorites
        next = page.next
    }
}
