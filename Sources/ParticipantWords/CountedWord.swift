/// Messages that show a count, each a key of `Plurals.stringsdict` whose forms follow the language's CLDR plural
/// rules (docs/languages.md, "Plural forms"): `Words.counted(_:count:_:)` picks the form. The count is argument 1
/// (`%1$lld`), further arguments follow it.
package enum CountedWord: String, CaseIterable, Sendable {
    /// "(%2$lld of %1$lld done)" after the care feed's adherence: the count is the day's tasks, then those done.
    case tasksDone
    /// "Wrote %1$lld chart(s) to %2$@." after `regimen insights --svg`.
    case chartsWritten
    /// "Each column is a week / %1$lld weeks (the mean of its recorded values)." under a chart of weeks.
    case chartColumnWeeks
    /// "%2$@ has more than %1$lld decimal place(s)": the places allowed, then the typed text.
    case problemTooManyFractionDigits
    /// "%2$@ with at most %1$lld decimal place(s)": the places, then the number described.
    case acceptedDecimalPlaces
    /// "text of at most %1$lld character(s)".
    case acceptedLimitedText
}
