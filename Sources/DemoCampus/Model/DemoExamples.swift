/// The fixed people and places of the demo campus that documentation can name.
///
/// They exist at every seed and scale: the student takes a full load every
/// regular term, the instructor teaches the most sections, the room is busy.
public struct DemoExamples: Hashable, Sendable {
    /// A student with a full schedule every term (`brennam`, Morgan Brennan).
    public var student: String
    /// A busy instructor who teaches cross-listed sections and advises the student (`whitfid`, Dana Whitfield).
    public var instructor: String
    /// A room with classes all day (`O159`).
    public var room: String

    /// The examples every generated campus has.
    public static let standard = DemoExamples(student: "brennam", instructor: "whitfid", room: "O159")
}
