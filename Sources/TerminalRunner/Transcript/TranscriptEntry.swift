/// One line typed during a recorded run (invalid lines and commands included).
package struct TranscriptEntry: Sendable, Hashable {
    /// The step whose prompt the line answered ("step").
    package var stepIdentifier: String
    /// The item whose prompt the line answered, nil outside questions ("item").
    package var itemIdentifier: String?
    /// The line as typed ("text").
    package var text: String
    /// Seconds from the run's start to when the line was entered ("t").
    package var secondsSinceStart: Double
    /// The file line it was read from (nil when recorded in this process); not part of equality.
    package var lineNumber: Int?

    /// Creates an entry.
    package init(
        stepIdentifier: String, itemIdentifier: String?, text: String, secondsSinceStart: Double, lineNumber: Int? = nil
    ) {
        self.stepIdentifier = stepIdentifier
        self.itemIdentifier = itemIdentifier
        self.text = text
        self.secondsSinceStart = secondsSinceStart
        self.lineNumber = lineNumber
    }

    /// Equal when everything recorded is equal (the line number read from a file is ignored).
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.stepIdentifier == rhs.stepIdentifier && lhs.itemIdentifier == rhs.itemIdentifier && lhs.text == rhs.text
            && lhs.secondsSinceStart == rhs.secondsSinceStart
    }

    /// Hashes what equality compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(stepIdentifier)
        hasher.combine(itemIdentifier)
        hasher.combine(text)
        hasher.combine(secondsSinceStart)
    }
}
