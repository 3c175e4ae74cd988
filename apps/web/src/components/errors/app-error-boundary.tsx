import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * The outermost safety net: a render failure anywhere outside the router's own boundaries
 * shows the error screen instead of a blank page; Try Again renders the children afresh.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  private readonly reset = () => {
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (this.state.hasError) return <ErrorFallback onRetry={this.reset} fullScreen />;
    return this.props.children;
  }
}
