/// A JSON document that does not read: what is wrong, at which place (a JSON path such as `changes[0].localSeq`,
/// `format`, or `the file` when the whole document is at fault).
package struct JSONPlaceError: Error, Sendable, Equatable {
    /// Where: a JSON path, or a name for the whole document.
    package var place: String
    /// What is wrong there.
    package var problem: String

    /// An error at `place`.
    package init(place: String, problem: String) {
        self.place = place
        self.problem = problem
    }
}
