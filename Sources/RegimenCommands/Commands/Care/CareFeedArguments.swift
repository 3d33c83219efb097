/// The one quick way into a command: `regimen`, the care feed participants run every day, would spend more than half
/// of its start-up in ArgumentParser's reflection (docs/performance.md, "`regimen today` (the care feed)"). This
/// recognizes exactly the plain forms of `regimen [today] [--store P] [--surveys D] [--date D] [--week | --due]`
/// (values as the next argument or after `=`, each option at most once) and declines everything else — help, unknown
/// or repeated options, a missing or empty value, a value that looks like an option — so ArgumentParser parses those
/// and words their errors. A test checks, over generated argument lists, that every list read here is one the program
/// would run as `today` through ArgumentParser with the same request.
enum CareFeedArguments {
    /// The request `arguments` (without the program name) make, or nil when ArgumentParser should parse them.
    static func parse(_ arguments: [String]) -> CareFeedRequest? {
        var rest = arguments[...]
        if rest.first == "today" { rest = rest.dropFirst() }
        var request = CareFeedRequest()
        while let argument = rest.popFirst() {
            if argument == "--week" {
                guard !request.week else { return nil }
                request.week = true
                continue
            }
            if argument == "--due" {
                guard !request.due else { return nil }
                request.due = true
                continue
            }
            guard let (name, value) = option(argument, rest: &rest) else { return nil }
            switch name {
            case "--store" where request.store == nil: request.store = value
            case "--surveys" where request.surveys == nil: request.surveys = value
            case "--date" where request.date == nil: request.date = value
            default: return nil
            }
        }
        // `--due` with a day or a week is a mistake ArgumentParser words.
        if request.due, request.week || request.date != nil { return nil }
        return request
    }

    /// The option `argument` names and its value (the text after `=`, else the next argument, taken from `rest`), read
    /// as ArgumentParser reads them; nil when the value is missing, empty or looks like an option, which is left to
    /// ArgumentParser.
    private static func option(_ argument: String, rest: inout ArraySlice<String>) -> (name: String, value: String)? {
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
