/// What the quick argument readers (`CareFeedArguments`, `MotionArguments`) share: reading one `--name value` or
/// `--name=value` the way ArgumentParser does for the plain forms they accept.
enum QuickArguments {
    /// The option `argument` names and its value (the text after `=`, else the next argument, taken from `rest`); nil
    /// when the value is missing, empty or looks like an option, which the readers leave to ArgumentParser.
    static func option(_ argument: String, rest: inout ArraySlice<String>) -> (name: String, value: String)? {
        var name = argument
        var value: String?
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            value = String(argument[argument.index(after: equals)...])
        }
        guard let value = value ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
        return (name, value)
    }
}
