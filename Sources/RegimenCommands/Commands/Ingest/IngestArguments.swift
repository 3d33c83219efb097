/// The quick way into `regimen ingest`: ArgumentParser's reflection costs every ingest about 2 ms of start-up, which
/// no other work overlaps (docs/performance.md, "Ingest"). This recognizes exactly the plain forms of
/// `regimen ingest PATH… [--task T] [--tz Z] [--start DAY] [--surveys DIR] [--store PATH]` (values as the next
/// argument or after `=`, each option at most once, the paths anywhere among them) and declines everything else —
/// help, unknown or repeated options, a missing value, anything that starts with `-` where a value or a path goes, no
/// path at all — so ArgumentParser parses those and words their errors. A test checks both parsers agree on every form
/// accepted here.
enum IngestArguments {
    /// The request `arguments` (without the program name) make, or nil when ArgumentParser should parse them.
    static func parse(_ arguments: [String]) -> IngestRequest? {
        var rest = arguments[...]
        guard rest.popFirst() == "ingest" else { return nil }
        var request = IngestRequest(paths: [])
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                guard !argument.isEmpty else { return nil }
                request.paths.append(argument)
                continue
            }
            guard let (name, value) = QuickArguments.option(argument, rest: &rest) else { return nil }
            let option: WritableKeyPath<IngestRequest, String?>
            switch name {
            case "--task": option = \.task
            case "--tz": option = \.tz
            case "--start": option = \.start
            case "--surveys": option = \.surveys
            case "--store": option = \.store
            default: return nil
            }
            guard request[keyPath: option] == nil else { return nil }
            request[keyPath: option] = value
        }
        return request.paths.isEmpty ? nil : request
    }
}
