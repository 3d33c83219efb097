import ArgumentParser
import RegimenCommands

/// `--server URL` and `--ca-file PEM` of the device's commands (docs/study-service.md, "On the device").
struct ServiceOptions: ParsableArguments {
    /// The environment variable naming the service when `--server` does not.
    static let serverVariable = "REGIMEN_SERVER"

    @Option(
        help: ArgumentHelp(
            "The study service, https://HOST[:PORT] (default: the one the store was enrolled with, else $REGIMEN_SERVER).",
            valueName: "url"))
    var server: String?

    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp(
            "A PEM file of the certificate authority that signed the service's certificate, when it is not one this "
                + "machine trusts (kept for later syncs).", valueName: "pem"))
    var caFile: String?

    /// The service's URL: `--server`, else the store's (`stored`), else `$REGIMEN_SERVER`.
    func serverText(_ environment: RegimenEnvironment, stored: String?) throws(RegimenError) -> String {
        let stored = stored.flatMap { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : nil }
        guard let text = server ?? stored ?? environment.variables[Self.serverVariable], !text.isEmpty else {
            throw .usage(
                "no study service: pass --server https://HOST[:PORT] (your study team gives it with your code)")
        }
        return text
    }
}
