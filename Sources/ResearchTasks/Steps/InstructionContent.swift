/// The body of an instruction or completion step.
public struct InstructionContent: Sendable, Hashable {
    /// Bullet points (ResearchKit's body items), in display order.
    public var bulletPoints: [String]

    /// Creates instruction content.
    public init(bulletPoints: [String] = []) {
        self.bulletPoints = bulletPoints
    }
}
