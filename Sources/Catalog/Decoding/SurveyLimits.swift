/// How large a survey file may be before it is refused unread: a survey folder is data from anyone, so reading one
/// must end within a second and in bounded memory however the file is made (docs/survey-file-limits.md).
package struct SurveyLimits: Sendable, Hashable {
    /// The largest file read, in bytes.
    package var maximumBytes: Int
    /// The deepest nesting of mappings and lists.
    package var maximumDepth: Int
    /// The most values (scalars, mappings and lists) one file may hold.
    package var maximumValues: Int

    /// Creates limits.
    package init(maximumBytes: Int, maximumDepth: Int, maximumValues: Int) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
    }

    /// The limits every command reads survey files with: 1 MiB, 64 levels, 10,000 values — 25 times what the
    /// largest shipped survey needs, and read in well under a second (docs/survey-file-limits.md).
    package static let standard = SurveyLimits(maximumBytes: 1 << 20, maximumDepth: 64, maximumValues: 10_000)
}
