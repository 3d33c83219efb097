/// The quick way into the care feed: `regimen`, the command participants run every day, spends a quarter of its
/// start-up in ArgumentParser's reflection. This recognizes exactly the plain forms of `regimen [today] [--store P]
/// [--surveys D] [--date D] [--week | --due]` (values as the next argument or after `=`, each option at most once) and
/// declines everything else — help, unknown or repeated options, a missing value, a value that looks like an option —
/// so ArgumentParser parses those and words their errors. A test checks both parsers agree on every form accepted here.
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
            guard let (name, value) = QuickArguments.option(argument, rest: &rest) else { return nil }
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
}
