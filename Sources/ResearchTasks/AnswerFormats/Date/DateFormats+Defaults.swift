extension DateFormat {
    /// The default date as given.
    var defaultAnswer: Answer? { defaultDate.map(Answer.date) }
}

extension TimeOfDayFormat {
    /// The default time as given.
    var defaultAnswer: Answer? { defaultValue.map(Answer.timeOfDay) }
}

extension TimeIntervalFormat {
    /// The default duration in seconds as given.
    var defaultAnswer: Answer? { defaultInterval.map(Answer.timeInterval) }
}
