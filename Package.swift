// swift-tools-version: 6.0
import PackageDescription

// No package dependencies, not even for tests: the toolchain only.
let package = Package(
    name: "TransitionCoordinator",
    // Task executors need these OS versions on Apple platforms.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "TransitionCoordinator", targets: ["TransitionCoordinator"]),
        .library(name: "TransitionCoordinatorSwiftUI", targets: ["TransitionCoordinatorSwiftUI"]),
    ],
    targets: [
        .target(name: "TransitionCoordinator", path: "Sources/TransitionCoordinator"),
        // The committed state as an `@Observable` main-actor model; its SwiftUI views build where SwiftUI exists.
        .target(name: "TransitionCoordinatorSwiftUI", dependencies: ["TransitionCoordinator"],
                path: "Sources/TransitionCoordinatorSwiftUI"),
        // What the tests, the harness and the bench share: clocks, gated animators, hosts, executors
        // a test drives. Not a product: apps do not see it.
        .target(name: "TestSupport", dependencies: ["TransitionCoordinator"], path: "Tests/Support"),
        .target(name: "StressHarness", dependencies: ["TestSupport", "TransitionCoordinator"], path: "Stress/Harness"),
        .target(name: "StressBench", dependencies: ["TestSupport", "TransitionCoordinator"], path: "Stress/Bench"),
        .executableTarget(name: "stress", dependencies: ["StressHarness", "StressBench", "TransitionCoordinator"],
                          path: "Stress/CLI"),
        .testTarget(name: "TransitionCoordinatorTests", dependencies: ["TestSupport", "TransitionCoordinator"],
                    path: "Tests/TransitionCoordinatorTests"),
        .testTarget(name: "StressHarnessTests", dependencies: ["StressHarness", "TestSupport", "TransitionCoordinator"],
                    path: "Tests/StressHarnessTests"),
        .testTarget(name: "StressBenchTests", dependencies: ["StressBench", "TransitionCoordinator"],
                    path: "Tests/StressBenchTests"),
        .testTarget(name: "TransitionCoordinatorSwiftUITests",
                    dependencies: ["TestSupport", "TransitionCoordinator", "TransitionCoordinatorSwiftUI"],
                    path: "Tests/TransitionCoordinatorSwiftUITests"),
    ],
    swiftLanguageModes: [.v6]
)

// The SwiftUI model in the harness (its task beside the others), the bench (its update per
// transition) and the harness's tests (its check).
for name in ["StressHarness", "StressBench", "StressHarnessTests"] {
    package.targets.first { $0.name == name }?.dependencies.append("TransitionCoordinatorSwiftUI")
}
