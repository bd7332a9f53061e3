import Foundation
import LayerscopeCLI

exit(Layerscope.main(CommandLine.arguments))
