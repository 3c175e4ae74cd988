import { useTranslation } from 'react-i18next';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { SectionHeading } from './section-heading';

const QUESTIONS = ['free', 'tournaments', 'notifications', 'languages', 'install', 'privacy'] as const;

export function FaqSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="faq-title" className="border-t border-border bg-header/60">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
        <SectionHeading id="faq-title" title={t('landing.faq.title')} />
        <Accordion
          type="single"
          collapsible
          className="rounded-2xl border border-border bg-surface px-6 shadow-sm"
        >
          {QUESTIONS.map((id) => (
            <AccordionItem key={id} value={id}>
              <AccordionTrigger>{t(`landing.faq.${id}.question`)}</AccordionTrigger>
              <AccordionContent>{t(`landing.faq.${id}.answer`)}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
