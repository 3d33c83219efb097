import RangeOfMotion

/// The quick way into `regimen motion`: ArgumentParser's reflection cost the command two thirds of its instructions
/// for a short recording (docs/performance.md, "Range of motion"). This recognizes exactly the plain forms of
/// `regimen motion FILE [--orientation portrait|landscape] [--format table|json]` (values as the next argument or
/// after `=`, each option at most once, the file anywhere among them) and declines everything else — help, unknown
/// or repeated options, unknown values, a missing value, anything that starts with `-` where a value or the file
/// goes — so ArgumentParser parses those and words their errors. A test checks both parsers agree on every form
/// accepted here.
enum MotionArguments {
    /// The request `arguments` (without the program name) make, or nil when ArgumentParser should parse them.
    static func parse(_ arguments: [String]) -> MotionRequest? {
        var rest = arguments[...]
        guard rest.popFirst() == "motion" else { return nil }
        var file: String?
        var orientation: Orientation?
        var format: MotionReport.Format?
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                guard file == nil, !argument.isEmpty else { return nil }
                file = argument
                continue
            }
            guard let (name, value) = QuickArguments.option(argument, rest: &rest) else { return nil }
            switch name {
            case "--orientation" where orientation == nil:
                guard let chosen = Orientation(rawValue: value) else { return nil }
                orientation = chosen
            case "--format" where format == nil:
                guard let chosen = MotionReport.Format(rawValue: value) else { return nil }
                format = chosen
            default: return nil
            }
        }
        guard let file else { return nil }
        return MotionRequest(file: file, orientation: orientation, format: format ?? .table)
    }
}
