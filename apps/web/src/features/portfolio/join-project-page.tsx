import { ComingSoonProject } from './components/coming-soon';
import { InterestForm } from './components/interest-form';

/** Join New Project (docs/product.md §8): the coming-soon project and the interest form below it. */
function JoinProjectPage() {
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Join New Project</h1>
        <p className="mt-1 text-muted-foreground">Our next cabin project opens for commitments soon.</p>
      </header>
      <ComingSoonProject headingLevel={2} />
      <InterestForm />
    </div>
  );
}

export { JoinProjectPage as Component };
