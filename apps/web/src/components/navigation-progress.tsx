import { useNavigation } from 'react-router';

/** A thin bar at the top of the viewport while the next screen's code loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20">
      <div className="h-full w-1/3 animate-nav-progress bg-primary" />
    </div>
  );
}
