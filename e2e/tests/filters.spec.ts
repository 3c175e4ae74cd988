import type { FilterList } from '@radar/shared';
import { LAZIO_PROVINCE_OPTIONS } from '../../apps/web/test/fixtures/geo-options';
import { expect, test } from '../support/accounts';

/**
 * Filters journey (spec §2 Filters, explore's saved filters): a new user signs in, creates a
 * filter in the three-step wizard, edits it, disables it, applies it in /explore, saves a
 * search as a filter, deletes one and then all, each after its confirmation.
 */
test.describe('filters', () => {
  test('creates, edits, disables, applies, saves a search as, and deletes filters', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const account = await createUser();

    // Sign in through the login screen.
    await page.goto('/auth/login');
    await page.getByLabel('Email o nome utente').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    // The first sign-in opens the onboarding guide, once (spec §1).
    await page
      .getByRole('dialog', { name: 'Crea i tuoi filtri' })
      .getByRole('button', { name: 'Salta' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${account.username}!` })).toBeVisible();

    // No filters yet: the dashboard says so; the filters screen offers to create one.
    await expect(page.getByRole('region', { name: 'Filtri attivi' })).toContainText('Nessun filtro salvato');
    await page.getByRole('navigation').getByRole('link', { name: 'Filtri' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nessun filtro salvato' })).toBeVisible();
    await page.getByRole('button', { name: 'Crea il tuo primo filtro' }).click();

    // Wizard step 1: name (required).
    const wizard = page.getByRole('dialog', { name: 'Nuovo filtro' });
    await expect(wizard.getByText('Passo 1 di 3: Nome')).toBeVisible();
    await wizard.getByRole('button', { name: 'Avanti' }).click();
    await expect(wizard.getByText('Questo campo è obbligatorio')).toBeVisible();
    await wizard.getByLabel('Nome del filtro').fill('Lazio 4ª categoria');
    await wizard.getByRole('button', { name: 'Avanti' }).click();

    // Step 2: region → provinces of that region only; category; period.
    await expect(wizard.getByText('Passo 2 di 3: Dettagli del torneo')).toBeVisible();
    await expect(wizard.getByLabel('Provincia')).toBeDisabled();
    await wizard.getByLabel('Regione').selectOption({ label: 'Lazio' });
    await expect(wizard.getByLabel('Provincia').locator('option')).toHaveText(LAZIO_PROVINCE_OPTIONS);
    await wizard.getByLabel('Categoria').selectOption({ label: '4ª categoria' });
    await wizard.getByLabel('Periodo').selectOption({ label: 'Entro 6 mesi' });
    await wizard.getByRole('button', { name: 'Avanti' }).click();

    // Step 3: notifications on, review, save.
    await expect(wizard.getByText('Passo 3 di 3: Personalizzazione')).toBeVisible();
    const review = wizard.getByRole('region', { name: 'Riepilogo' });
    await expect(review).toContainText('Lazio 4ª categoria');
    await expect(review.getByRole('listitem')).toHaveText(['Lazio', '4ª categoria', 'Entro 6 mesi']);
    await expect(wizard.getByRole('switch', { name: 'Notifiche' })).toBeChecked();
    await wizard.getByRole('button', { name: 'Salva il filtro' }).click();
    await expect(wizard).toBeHidden();

    const active = page.getByRole('region', { name: /^Filtri attivi/ });
    const inactive = page.getByRole('region', { name: /^Filtri non attivi/ });
    const lazio = page.getByRole('article', { name: 'Lazio 4ª categoria' });
    await expect(active.getByRole('article', { name: 'Lazio 4ª categoria' })).toBeVisible();
    // Today's date: 'il 9 …', or 'l’8 …' with Italian elision.
    await expect(lazio.getByText(/^Aggiornato (?:il |l’)\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/)).toBeVisible();

    // A second filter with the same name, whatever its case, is refused at step 1 (issue 31).
    await page.getByRole('button', { name: 'Nuovo filtro' }).click();
    await wizard.getByLabel('Nome del filtro').fill('lazio 4ª categoria');
    await wizard.getByRole('button', { name: 'Avanti' }).click();
    await expect(wizard.getByText('Esiste già un filtro con questo nome')).toBeVisible();
    await expect(wizard.getByText('Passo 1 di 3: Nome')).toBeVisible();
    await wizard.getByRole('button', { name: 'Annulla' }).click();
    await expect(wizard).toBeHidden();

    // Edit: the wizard opens prefilled; choose Rome.
    await lazio.getByRole('button', { name: 'Modifica il filtro Lazio 4ª categoria' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica filtro' });
    await expect(edit.getByLabel('Nome del filtro')).toHaveValue('Lazio 4ª categoria');
    await edit.getByLabel('Nome del filtro').fill('Roma 4ª categoria');
    await edit.getByRole('button', { name: 'Avanti' }).click();
    await expect(edit.getByLabel('Regione')).toHaveValue('12');
    await expect(edit.getByLabel('Categoria')).toHaveValue('4');
    await edit.getByLabel('Provincia').selectOption({ label: 'Roma (RM)' });
    await edit.getByRole('button', { name: 'Avanti' }).click();
    await edit.getByRole('button', { name: 'Salva il filtro' }).click();
    await expect(edit).toBeHidden();
    const roma = page.getByRole('article', { name: 'Roma 4ª categoria' });
    await expect(roma.getByRole('listitem')).toHaveText([
      'Lazio',
      'Roma (RM)',
      '4ª categoria',
      'Entro 6 mesi',
    ]);

    // The API holds exactly what the wizard showed.
    const saved = (await (await page.request.get('/api/filters')).json()) as FilterList;
    expect(saved.items).toHaveLength(1);
    expect(saved.items[0]).toMatchObject({
      name: 'Roma 4ª categoria',
      notificationsEnabled: true,
      codFonte: 0,
      idStatopuc: 0,
      regionId: 12,
      provinceId: 58,
      prize: 0,
      tipoTorneo: null,
      catClass: 4,
      catEta: null,
      timePeriod: 'next_6_months',
      dataInizio: null,
      dataFine: null,
    });

    // Disable it: it moves to the inactive group.
    await page.getByRole('switch', { name: 'Notifiche del filtro Roma 4ª categoria' }).click();
    await expect(inactive.getByRole('article', { name: 'Roma 4ª categoria' })).toBeVisible();
    await expect(
      page.getByRole('switch', { name: 'Notifiche del filtro Roma 4ª categoria' }),
    ).not.toBeChecked();
    await expect(active.getByRole('article')).toHaveCount(0);

    // Apply it in /explore: the search takes its criteria.
    await page.getByRole('navigation').getByRole('link', { name: 'Esplora' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Esplora i tornei' })).toBeVisible();
    await page.getByLabel('Filtri salvati').selectOption({ label: 'Roma 4ª categoria (non attivo)' });
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ regionId: '12', provinceId: '58', catClass: '4', timePeriod: 'next_6_months' });
    // The panel's summary counts them; opened, it shows them.
    await page.locator('summary', { hasText: 'Filtri' }).click();
    await expect(page.getByLabel('Provincia')).toHaveValue('58');

    // Save a search as a filter: the wizard starts from the search's criteria.
    await page.goto('/explore?regionId=3&codFonte=2&prize=500');
    await page.getByRole('button', { name: 'Salva come filtro' }).click();
    const fromSearch = page.getByRole('dialog', { name: 'Nuovo filtro' });
    await fromSearch.getByLabel('Nome del filtro').fill('TPRA in Lombardia');
    await fromSearch.getByRole('button', { name: 'Avanti' }).click();
    await expect(fromSearch.getByLabel('Regione')).toHaveValue('3');
    await expect(fromSearch.getByLabel('Tipo di competizione')).toHaveValue('2');
    await expect(fromSearch.getByLabel('Montepremi')).toHaveValue('500');
    await fromSearch.getByRole('button', { name: 'Avanti' }).click();
    await fromSearch.getByRole('button', { name: 'Salva il filtro' }).click();
    await expect(fromSearch).toBeHidden();
    await expect(page.getByLabel('Filtri salvati').locator('option:checked')).toHaveText('TPRA in Lombardia');

    // Back on the filters screen, and on the dashboard: one active out of two.
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
    const card = page.getByRole('region', { name: 'Filtri attivi' });
    await expect(card.getByText('su 2 filtri')).toBeVisible();
    await expect(card.getByText('1', { exact: true })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Filtri' }).first().click();
    await expect(active.getByRole('article', { name: 'TPRA in Lombardia' })).toBeVisible();
    await expect(inactive.getByRole('article', { name: 'Roma 4ª categoria' })).toBeVisible();

    // Delete one, after the confirmation (cancel first: nothing happens).
    await page.getByRole('button', { name: 'Elimina il filtro Roma 4ª categoria' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminare il filtro?' });
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await expect(roma).toBeVisible();
    await page.getByRole('button', { name: 'Elimina il filtro Roma 4ª categoria' }).click();
    await confirm.getByRole('button', { name: 'Elimina', exact: true }).click();
    await expect(roma).toBeHidden();
    await expect(page.getByText('Filtro «Roma 4ª categoria» eliminato', { exact: true })).toBeVisible();

    // Delete all, after the confirmation.
    await page.getByRole('button', { name: 'Elimina tutti' }).click();
    const confirmAll = page.getByRole('alertdialog', { name: 'Eliminare tutti i filtri?' });
    await expect(confirmAll).toContainText('1 filtro verrà eliminato');
    await confirmAll.getByRole('button', { name: 'Elimina tutti' }).click();
    await expect(page.getByRole('heading', { name: 'Nessun filtro salvato' })).toBeVisible();
    const left = (await (await page.request.get('/api/filters')).json()) as FilterList;
    expect(left.items).toEqual([]);
  });
});
