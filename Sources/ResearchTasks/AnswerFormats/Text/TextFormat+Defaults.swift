extension TextFormat {
    /// The default text as given.
    var defaultAnswer: Answer? { defaultText.map(Answer.text) }
}
