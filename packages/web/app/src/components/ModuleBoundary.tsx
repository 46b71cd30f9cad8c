/**
 * Where the app renders what a UI module gave it (a panel, a page): a module that throws while
 * rendering shows its error in its own place, and the rest of the page renders on.
 */
import { Component, type ComponentChildren } from 'preact';

/** Renders `children`; if they throw, a line naming the module and the error instead. */
export class ModuleBoundary extends Component<{ module: string; children?: ComponentChildren }, { error?: string }> {
  override componentDidCatch(error: unknown): void {
    this.setState({ error: error instanceof Error ? error.message : String(error) });
  }

  override render() {
    const { error } = this.state;
    return error ? <p class="error">The UI module {this.props.module} failed: {error}</p> : this.props.children;
  }
}
