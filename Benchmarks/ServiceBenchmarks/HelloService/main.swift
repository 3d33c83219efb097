import Hummingbird

// The framework's own limit on this machine (Benchmarks/run-service-benchmark.sh): Hummingbird 2 answering
// GET /hello with a fixed text, on the port given, plain HTTP on loopback; no database, no JSON.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8090
let router = Router()
router.get("hello") { _, _ in "hello" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
