import Yams

/// Builds the Yams nodes of a survey file: block mappings for steps, flow mappings for small values, strings quoted
/// only where YAML would read them as something else (`"yes"`, `"10"`, `"08:30"`).
enum YAMLNodes {
    /// A mapping of the pairs whose value is present, in order; `flow` writes it on one line (`{ a: 1 }`).
    static func map(_ pairs: [(String, Node?)], flow: Bool = false) -> Node {
        let present = pairs.compactMap { key, value in value.map { (Node(key), $0) } }
        return .mapping(Node.Mapping(present, .implicit, flow ? .flow : .block))
    }

    /// A sequence; `flow` writes it on one line (`[a, b]`).
    static func list(_ nodes: [Node], flow: Bool = false) -> Node {
        .sequence(Node.Sequence(nodes, .implicit, flow ? .flow : .block))
    }

    /// A string, quoted when YAML would read it as another type.
    static func text(_ value: String?) -> Node? {
        value.map { .scalar($0.represented()) }
    }

    /// An integer.
    static func integer(_ value: Int?) -> Node? {
        value.map { Node(String($0), Tag(.int)) }
    }

    /// A number, written without a fraction when whole.
    static func number(_ value: Double?) -> Node? {
        guard let value else { return nil }
        if value.rounded() == value, abs(value) < 1e15 { return Node(String(Int(value)), Tag(.int)) }
        return Node(String(value), Tag(.float))
    }

    /// A boolean.
    static func bool(_ value: Bool?) -> Node? {
        value.map { Node($0 ? "true" : "false", Tag(.bool)) }
    }

    /// A coding as `{ system, code, display }`.
    static func coding(_ coding: FHIRCoding) -> Node {
        map(
            [("system", text(coding.system)), ("code", text(coding.code)), ("display", text(coding.display))],
            flow: true)
    }

    /// The whole document as YAML text, lines unwrapped.
    static func serialize(_ node: Node) throws -> String {
        try Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true, lineBreak: .ln, sortKeys: false)
    }
}
