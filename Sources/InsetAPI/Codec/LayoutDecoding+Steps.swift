import InsetEngine
import JSONCore
import ServiceKit

/// The `steps` of a `/layout` body, read after its nodes.
extension LayoutDecoding {
    /// The steps `value` gives; each frame is checked against the nodes read before.
    mutating func steps(_ value: JSONValue) -> [LayoutStep]? {
        guard document.kind(of: value) == .array else {
            reader.wrongType(value, expected: "an array")
            return nil
        }
        let count = document.count(of: value)
        var steps: [LayoutStep] = []
        steps.reserveCapacity(min(count, limits.maxSteps))
        for (index, element) in document.elements(of: value).enumerated() {
            guard index < limits.maxSteps else {
                reader.invalid("more than \(limits.maxSteps) steps", value: element)
                break
            }
            if let step = step(element) { steps.append(step) }
        }
        let states = nodeCount * (min(count, limits.maxSteps) + 1)
        if count <= limits.maxSteps, states > limits.maxNodeStates {
            reader.invalid("\(nodeCount) nodes × (\(count) steps + 1) is more than \(limits.maxNodeStates) node states", value: value)
        }
        return steps
    }

    /// One step. `frames` is optional (API.md names only `root` and `id` as required, and
    /// openapi.yaml's `LayoutStep` requires nothing): a step without it, or with `null`,
    /// changes no frame and is answered with the state as it stands.
    private mutating func step(_ value: JSONValue) -> LayoutStep? {
        guard reader.expectObject(value) else { return nil }
        var frames: [(id: String, frame: Rect)] = []
        for member in document.members(of: value) {
            switch reader.field(of: member, in: schema.step) {
            case .frames:
                guard !reader.isNull(member.value) else { break }
                if reader.expectObject(member.value) { frames = stepFrames(member.value) }
            case nil:
                break
            }
        }
        return LayoutStep(frames: frames)
    }

    private mutating func stepFrames(_ value: JSONValue) -> [(id: String, frame: Rect)] {
        var frames: [(id: String, frame: Rect)] = []
        frames.reserveCapacity(document.count(of: value))
        for member in document.members(of: value) {
            guard let id = reader.key(of: member) else { continue }
            let rect = reader.rect(member.value)
            if reader.isNull(member.value) { reader.wrongType(member.value, expected: "an object") }
            var broken = BrokenRules()
            if rules.checkStepFrame(for: id, isContainerContent: containerContents.contains, isRow: rows.contains, report: &broken) {
                if let rect { frames.append((id, rect)) }
            }
            for (_, detail, _) in broken.found {
                reader.invalid(detail, at: document.startOffset(of: member.key), in: member.value)
            }
        }
        return frames
    }
}
