// swift-tools-version: 6.0
import PackageDescription

// No package dependencies, not even for tests: the toolchain only.
let package = Package(
    name: "TransitionCoordinator",
    // Task executors need these OS versions on Apple platforms.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "TransitionCoordinator", targets: ["TransitionCoordinator"]),
        .library(name: "TransitionCoordinatorUIKit", targets: ["TransitionCoordinatorUIKit"]),
    ],
    targets: [
        .target(name: "TransitionCoordinator", path: "Sources/TransitionCoordinator"),
        // The content tree as UIKit's containers: a pure reconciler and an applier over small
        // protocols, built everywhere; only its UIKit conformances need UIKit.
        .target(name: "TransitionCoordinatorUIKit", dependencies: ["TransitionCoordinator"],
                path: "Sources/TransitionCoordinatorUIKit"),
        // What the tests, the harness and the bench share: clocks, gated animators, hosts, executors
        // a test drives. Not a product: apps do not see it.
        .target(name: "TestSupport", dependencies: ["TransitionCoordinator"], path: "Tests/Support"),
        .target(name: "StressHarness", dependencies: ["TestSupport", "TransitionCoordinator"], path: "Stress/Harness"),
        .target(name: "StressBench", dependencies: ["TestSupport", "TransitionCoordinator", "TransitionCoordinatorUIKit"],
                path: "Stress/Bench"),
        .executableTarget(name: "stress", dependencies: ["StressHarness", "StressBench", "TransitionCoordinator"],
                          path: "Stress/CLI"),
        .testTarget(name: "TransitionCoordinatorTests", dependencies: ["TestSupport", "TransitionCoordinator"],
                    path: "Tests/TransitionCoordinatorTests"),
        .testTarget(name: "StressHarnessTests", dependencies: ["StressHarness", "TestSupport", "TransitionCoordinator"],
                    path: "Tests/StressHarnessTests"),
        .testTarget(name: "TransitionCoordinatorUIKitTests", dependencies: ["TransitionCoordinatorUIKit", "TransitionCoordinator"],
                    path: "Tests/TransitionCoordinatorUIKitTests"),
        .testTarget(name: "StressBenchTests", dependencies: ["StressBench", "TransitionCoordinator"],
                    path: "Tests/StressBenchTests"),
    ],
    swiftLanguageModes: [.v6]
)
