extension NumericFormat {
    /// The default as given: whole numbers stay whole in integer style.
    var defaultAnswer: Answer? {
        guard let defaultValue else { return nil }
        if style == .integer, let whole = Int(exactly: defaultValue) { return .numeric(.integer(whole)) }
        return .numeric(.decimal(defaultValue))
    }
}
